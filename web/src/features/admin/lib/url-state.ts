/**
 * Filters, page and selection of a back-office view live in the URL's query, so a view can be
 * shared and the back button returns to it. Each change is a history entry (push) unless told;
 * typing in a search box replaces instead, so back does not step through every letter.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

export type ParamPatch = Record<string, string | number | readonly string[] | null | undefined>;

export interface UrlState {
  get(name: string): string;
  getAll(name: string): string[];
  /** A positive integer page, 1 when absent or not a page. */
  page(name?: string): number;
  /** Sets (or removes, for '' / null / []) the given params; other params are kept. */
  set(patch: ParamPatch, options?: { replace?: boolean }): void;
  /** The query string as it is, for links that keep the view (such as back to a list). */
  search: string;
}

export function useUrlState(): UrlState {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (patch: ParamPatch, options: { replace?: boolean } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(patch)) {
            next.delete(name);
            if (value === null || value === undefined || value === '') continue;
            if (typeof value === 'string' || typeof value === 'number') next.set(name, String(value));
            else for (const item of value) if (item !== '') next.append(name, item);
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );
  return { ...readParams(params), set, search: params.toString() };
}

/** The reading half of `UrlState`, over any query (start-up reads the address before any screen). */
export type UrlRead = Pick<UrlState, 'get' | 'getAll' | 'page'>;

export function readParams(params: URLSearchParams): UrlRead {
  return {
    get: (name) => params.get(name) ?? '',
    getAll: (name) => params.getAll(name),
    page: (name = 'page') => {
      const value = Number(params.get(name));
      return Number.isInteger(value) && value > 0 ? value : 1;
    },
  };
}

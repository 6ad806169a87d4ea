/**
 * The filters of a back-office list: text filters typed into a draft and applied together (one
 * history entry, the page back to 1), kept in the URL's query so a view can be shared and Back
 * returns to it. The draft follows the URL when it changes (Back, a link, Clear filters).
 */
import { type ReactNode, useEffect } from 'react';
import { Button } from '../../../components/index';
import { type Form, useForm } from '../../../lib/use-form';
import { type ParamPatch, type UrlState, useUrlState } from './url-state';

export interface UrlFilters<N extends string> {
  url: UrlState;
  /** The filters as the URL holds them now. */
  applied: Record<N, string>;
  /** The draft being typed, applied by the form's submit. */
  form: Form<Record<N, string>>;
}

/**
 * Text filters named `names` in the URL. `read` and `write` map them where a filter is not one
 * plain param of its own name (a list of ids typed one per line).
 */
export function useUrlFilters<N extends string>(
  names: readonly N[],
  options: {
    read?: (url: UrlState) => Record<N, string>;
    write?: (draft: Record<N, string>) => ParamPatch;
  } = {},
): UrlFilters<N> {
  const url = useUrlState();
  const applied = options.read
    ? options.read(url)
    : (Object.fromEntries(names.map((name) => [name, url.get(name)])) as Record<N, string>);
  const form = useForm({
    initial: applied,
    submit: async (draft: Record<N, string>) =>
      url.set({
        ...(options.write
          ? options.write(draft)
          : Object.fromEntries(names.map((name) => [name, draft[name].trim()]))),
        page: null,
      }),
  });
  const appliedKey = JSON.stringify(applied);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `appliedKey` stands for `applied`
  useEffect(() => form.reset(applied), [appliedKey]);
  return { url, applied, form };
}

export interface FilterFormProps {
  /** The form's name ('Users', 'Visit log'). */
  label: string;
  form: Form<Record<string, string>>;
  submitLabel: string;
  /** Clears every filter of the view; no Clear button without it. */
  onClear?: () => void;
  children: ReactNode;
}

export function FilterForm({ label, form, submitLabel, onClear, children }: FilterFormProps) {
  return (
    <form className="admin-filters" aria-label={label} onSubmit={form.onSubmit}>
      {children}
      <div className="admin-filters__actions">
        <Button type="submit">{submitLabel}</Button>
        {onClear ? (
          <Button variant="ghost" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </form>
  );
}

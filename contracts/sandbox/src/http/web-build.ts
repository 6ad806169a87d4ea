/**
 * The serving files of the web app's build, which web/scripts/serving writes into web/dist:
 * `routes.json`, every path pattern the app serves (so any other path gets the not-found page with
 * status 404), and `headers.json`, the headers every file is sent with (the Content-Security-Policy
 * among them) and the Cache-Control rules by path prefix. The sandbox reads these files and never
 * imports web code. They are read once, at start: a missing or malformed one stops the start with
 * the file and the field named.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';

const ROUTES_FILE = 'routes.json';
const HEADERS_FILE = 'headers.json';

/** `/literal/:param/...`: segments of letters, digits and `-._~`, or `:name`. */
const patternSchema = z
  .string()
  .regex(/^\/$|^(\/(:[A-Za-z_][A-Za-z0-9_]*|[A-Za-z0-9\-._~]+))+$/, "a path such as '/' or '/users/:id'");

const routesSchema = z.strictObject({
  routes: z.array(
    z.strictObject({
      pattern: patternSchema,
      values: z.record(z.string(), z.array(z.string().min(1)).min(1)).optional(),
    }),
  ),
});

const headersSchema = z.strictObject({
  headers: z.record(z.string(), z.string()).superRefine((headers, context) => {
    for (const name of Object.keys(headers)) {
      if (!/^[A-Za-z0-9-]+$/.test(name))
        context.addIssue({ code: 'custom', path: [name], message: 'not a header name' });
    }
  }),
  cache: z
    .array(z.strictObject({ prefix: z.string().startsWith('/'), cacheControl: z.string().min(1) }))
    .min(1),
});

export type WebHeaders = z.infer<typeof headersSchema>;

/** One pattern split into segments: a literal (compared without letter case) or a parameter. */
type Segment = { literal: string } | { param: string; values: ReadonlySet<string> | undefined };

export interface WebBuild {
  readonly root: string;
  readonly headers: WebHeaders;
  /** Whether the app shows a page at this path (as wouter matches: any letter case, an optional trailing slash). */
  servesPath(path: string): boolean;
  /** The Cache-Control of a path: the first rule whose prefix it starts with. */
  cacheControl(path: string): string;
}

function readJson<T>(root: string, file: string, schema: z.ZodType<T>): T {
  const path = join(root, file);
  if (!existsSync(path)) {
    throw new Error(
      `The web build in ${root} has no ${file}: build it with \`pnpm --filter @matchmaker/web build\` (web/scripts/serving writes it)`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new Error(`${path} is not a valid ${file}: ${problems.join('; ')}`);
  }
  return parsed.data;
}

function compile(route: z.infer<typeof routesSchema>['routes'][number]): Segment[] {
  if (route.pattern === '/') return [];
  const params = new Set<string>();
  const segments = route.pattern
    .slice(1)
    .split('/')
    .map((segment): Segment => {
      if (!segment.startsWith(':')) return { literal: segment.toLowerCase() };
      const param = segment.slice(1);
      params.add(param);
      const values = route.values?.[param];
      return { param, values: values ? new Set(values) : undefined };
    });
  for (const name of Object.keys(route.values ?? {})) {
    if (!params.has(name))
      throw new Error(`routes.json: values.${name} names no parameter of ${route.pattern}`);
  }
  return segments;
}

function matches(pattern: readonly Segment[], segments: readonly string[]): boolean {
  if (pattern.length !== segments.length) return false;
  return pattern.every((part, index) => {
    const segment = segments[index] ?? '';
    if ('literal' in part) return segment.toLowerCase() === part.literal;
    return segment !== '' && (part.values === undefined || part.values.has(segment));
  });
}

/** Reads routes.json and headers.json of the build in `root`. */
export function readWebBuild(root: string): WebBuild {
  const manifest = readJson(root, ROUTES_FILE, routesSchema);
  const headers = readJson(root, HEADERS_FILE, headersSchema);
  const patterns = manifest.routes.map(compile);
  return {
    root,
    headers,
    servesPath(path) {
      // One trailing slash is allowed, as wouter allows it; '/' itself has no segment.
      const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
      const segments = trimmed === '/' ? [] : trimmed.slice(1).split('/');
      return patterns.some((pattern) => matches(pattern, segments));
    },
    cacheControl(path) {
      return headers.cache.find((rule) => path.startsWith(rule.prefix))?.cacheControl ?? 'no-cache';
    },
  };
}

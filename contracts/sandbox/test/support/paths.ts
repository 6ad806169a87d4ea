/** Paths of catalogue calls for raw fetches in tests, read from the SDK's catalogue (never restated). */
import type { EndpointId } from '@matchmaker/sdk';
import { endpoints } from '@matchmaker/sdk/schemas';

export function pathOf(id: EndpointId, params: Record<string, string> = {}): string {
  return endpoints[id].path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}

import { pageMeta } from '@matchmaker/sdk/rules';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { applyPageMeta } from '../lib/meta';

/** Applies the SDK's default metadata on every path that uses it; other pages set their own. */
export function DefaultPageMeta() {
  const [path] = useLocation();
  useEffect(() => {
    const meta = pageMeta(path);
    if (meta) applyPageMeta(meta);
  }, [path]);
  return null;
}

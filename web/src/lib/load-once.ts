/**
 * One load shared by every caller: kept while it is in flight and once it has succeeded, forgotten
 * when it fails, so the next call tries again. A chunk whose fetch failed (the line dropped for a
 * moment) is then fetched again when it is next needed, rather than failing for the life of the
 * page, as a promise kept whatever its outcome did.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (loading) return loading;
    const attempt = load();
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
    return attempt;
  };
}

/**
 * The values of `notification_interval`. SPEC.md does not list them and the SDK types the field as
 * an open string; these are the ones the reference provider (the sandbox) stores and seeds. A
 * stored value outside this list is kept and offered as it is, so saving never rewrites it.
 */
export const NOTIFICATION_INTERVALS = [
  { value: 'instant', label: 'As soon as something happens' },
  { value: 'hourly', label: 'At most once an hour' },
  { value: 'daily', label: 'Once a day' },
  { value: 'weekly', label: 'Once a week' },
] as const;

export function intervalOptions(current: string | null): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = NOTIFICATION_INTERVALS.map((entry) => ({ ...entry }));
  if (current !== null && current !== '' && !options.some((option) => option.value === current))
    options.push({ value: current, label: `Current setting (${current})` });
  return options;
}

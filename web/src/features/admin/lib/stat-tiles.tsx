/** A row of headline numbers, as a description list so each number keeps its name. */
export function StatTiles({
  label,
  tiles,
}: {
  label: string;
  tiles: readonly (readonly [string, number | string])[];
}) {
  return (
    <dl className="admin-tiles" data-label={label}>
      {tiles.map(([name, value]) => (
        <div key={name} className="admin-tiles__tile">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

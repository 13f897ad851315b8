import type { ReactNode } from 'react';

/**
 * A table's head: one row of column headers (scope col), in the order given; `children` adds cells after them (a
 * visually hidden "actions" header).
 */
export function ColumnHeads({ names, children }: { names: readonly ReactNode[]; children?: ReactNode }) {
  return (
    <thead>
      <tr>
        {names.map((name, i) => (
          <th key={i} scope="col">
            {name}
          </th>
        ))}
        {children}
      </tr>
    </thead>
  );
}

import { html, nothing, type TemplateResult } from 'lit-html';
import { scrollingTable } from './parts';

/** One column: its header, how a row fills its cell, and the cell's class (numbers align right). */
export interface Column<Row> {
  header: string;
  cell(row: Row): unknown;
  className?: 'number' | 'wrap';
}

/**
 * A captioned table in its own scrolling region. The first column's cell heads its row
 * (`<th scope="row">`), so a screen reader names each row by it.
 */
export function dataTable<Row>(options: {
  captionId: string;
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
}): TemplateResult {
  const [first, ...rest] = options.columns;
  const cellClass = (column: Column<Row>) => column.className ?? nothing;
  const row = (item: Row) =>
    html`<tr>
      <th scope="row">${first.cell(item)}</th>
      ${rest.map((column) => html`<td class=${cellClass(column)}>${column.cell(item)}</td>`)}
    </tr>`;
  return scrollingTable(
    options.captionId,
    html`<table>
      <caption id=${options.captionId}>
        ${options.caption}
      </caption>
      <thead>
        <tr>
          ${options.columns.map((column) => html`<th scope="col" class=${cellClass(column)}>${column.header}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${options.rows.map(row)}
      </tbody>
    </table>`,
  );
}

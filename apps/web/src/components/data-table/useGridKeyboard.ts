import { useCallback, useState, type FocusEvent, type KeyboardEvent } from 'react';

interface GridPosition {
  row: number;
  col: number;
}

/** Keys inside these keep their own meaning (typing, choosing); the grid does not take them. */
const OWN_KEYS_SELECTOR = 'input:not([type="checkbox"]), select, textarea, [contenteditable="true"]';
/** How many rows Page Up and Page Down move. */
const PAGE_STEP = 10;

const cellAt = (body: HTMLElement, { row, col }: GridPosition): HTMLElement | null =>
  body.querySelector<HTMLElement>(`[data-grid-row="${row}"][data-grid-col="${col}"]`);

const positionOf = (element: Element | null): GridPosition | null => {
  const cell = element?.closest<HTMLElement>('[data-grid-row]');
  if (!cell) return null;
  return { row: Number(cell.dataset.gridRow), col: Number(cell.dataset.gridCol) };
};

export interface GridKeyboard {
  /** tabIndex for the cell at row/col: 0 for the one cell Tab lands on, -1 for the others. */
  tabIndexOf: (row: number, col: number) => 0 | -1;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * Keyboard navigation over the body cells of a table, with a roving tabindex: Tab enters the
 * table at one cell (the last one used) and leaves it with the next Tab.
 *
 * - Arrow keys move one cell; Home/End to the first/last cell of the row; Ctrl+Home/Ctrl+End to
 *   the first/last row; Page Up/Page Down ten rows.
 * - Enter on a cell opens the row: it follows the row's first link (a service's view, a download).
 * - Space on a cell toggles the row's selection, when the table has one (`onToggleRow`).
 * Links, buttons and checkboxes inside cells stay reachable with Tab and keep their own Enter and
 * Space; the arrows move on from them as well.
 */
export const useGridKeyboard = (
  rowCount: number,
  colCount: number,
  onToggleRow?: (row: number) => void,
): GridKeyboard => {
  const [active, setActive] = useState<GridPosition>({ row: 0, col: 0 });
  // Fewer rows or columns than before (a new page, a hidden column): stay inside the grid.
  const current = {
    row: Math.max(0, Math.min(active.row, rowCount - 1)),
    col: Math.max(0, Math.min(active.col, colCount - 1)),
  };

  const tabIndexOf = (row: number, col: number): 0 | -1 => (row === current.row && col === current.col ? 0 : -1);

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const position = positionOf(event.target);
    if (position)
      setActive((previous) => (previous.row === position.row && previous.col === position.col ? previous : position));
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest(OWN_KEYS_SELECTOR)) return;
    const from = positionOf(target);
    if (!from) return;
    const onCell = target.dataset.gridRow !== undefined;
    const lastRow = rowCount - 1;
    const lastCol = colCount - 1;
    let to: GridPosition;
    switch (event.key) {
      case 'ArrowDown':
        to = { row: Math.min(from.row + 1, lastRow), col: from.col };
        break;
      case 'ArrowUp':
        to = { row: Math.max(from.row - 1, 0), col: from.col };
        break;
      case 'ArrowRight':
        to = { row: from.row, col: Math.min(from.col + 1, lastCol) };
        break;
      case 'ArrowLeft':
        to = { row: from.row, col: Math.max(from.col - 1, 0) };
        break;
      case 'Home':
        to = event.ctrlKey ? { row: 0, col: from.col } : { row: from.row, col: 0 };
        break;
      case 'End':
        to = event.ctrlKey ? { row: lastRow, col: from.col } : { row: from.row, col: lastCol };
        break;
      case 'PageDown':
        to = { row: Math.min(from.row + PAGE_STEP, lastRow), col: from.col };
        break;
      case 'PageUp':
        to = { row: Math.max(from.row - PAGE_STEP, 0), col: from.col };
        break;
      case 'Enter': {
        if (!onCell) return;
        const link = target.closest('tr')?.querySelector<HTMLAnchorElement>('a[href]');
        if (!link) return;
        event.preventDefault();
        link.click();
        return;
      }
      case ' ':
        if (!onCell || !onToggleRow) return;
        event.preventDefault();
        onToggleRow(from.row);
        return;
      default:
        return;
    }
    event.preventDefault();
    const body = event.currentTarget;
    setActive(to);
    cellAt(body, to)?.focus();
  };

  return { tabIndexOf, onKeyDown, onFocus };
};

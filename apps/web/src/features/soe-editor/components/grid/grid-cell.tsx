import { multiplierOf, SOE_LIMITS } from '@predict/shared';
import { memo, useState, type Dispatch } from 'react';
import type { EditorAction } from '../../state/editor-reducer';
import type { GridCell as Cell } from '../../state/editor-state';
import { gridStyles } from './grid-styles';

export interface GridCellProps {
  assessmentKey: string;
  visitKey: string;
  /** What the cell is called for assistive technology: '<assessment> at <visit>'. */
  label: string;
  cell: Cell | undefined;
  readOnly: boolean;
  /** Offer U / NU (the data management view). */
  showUniqueNonUnique: boolean;
  dispatch: Dispatch<EditorAction>;
}

const MULTIPLIER = /^\d{0,3}(\.\d{0,2})?$/;

/**
 * One visit x assessment cell (spec/2 section 5, Mapping grid): a tick, the multiplier (1 when ticked, at most 100,
 * 2 decimals, 0 when the text is not a number; cleared with the tick) and, in the data management view, U / NU.
 */
export const GridCell = memo(function GridCell({
  assessmentKey,
  visitKey,
  label,
  cell,
  readOnly,
  showUniqueNonUnique,
  dispatch,
}: GridCellProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const set = (next: Cell | null) => dispatch({ type: 'setCell', assessmentKey, visitKey, cell: next });
  return (
    <div role="cell" style={gridStyles.cell}>
      <input
        type="checkbox"
        aria-label={`Tick ${label}`}
        checked={cell !== undefined}
        disabled={readOnly}
        onChange={(e) => set(e.target.checked ? { multiplier: 1, uniqueNonUniqueForm: null } : null)}
      />
      {cell && (
        <input
          aria-label={`Multiplier of ${label}`}
          inputMode="decimal"
          disabled={readOnly}
          value={draft ?? String(cell.multiplier)}
          style={gridStyles.multiplier}
          onFocus={() => setDraft(String(cell.multiplier))}
          onBlur={() => setDraft(null)}
          onChange={(e) => {
            const text = e.target.value.trim();
            if (!MULTIPLIER.test(text) || Number(text) > SOE_LIMITS.multiplierMax) return;
            setDraft(text);
            // The server's reading of the text too: empty or '.' is 0 (spec/2: "0 if invalid").
            const n = multiplierOf(text);
            if (n !== cell.multiplier) set({ ...cell, multiplier: n });
          }}
        />
      )}
      {cell && showUniqueNonUnique && (
        <select
          aria-label={`Unique or non-unique form of ${label}`}
          disabled={readOnly}
          value={cell.uniqueNonUniqueForm ?? ''}
          style={gridStyles.select}
          onChange={(e) =>
            set({ ...cell, uniqueNonUniqueForm: (e.target.value || null) as Cell['uniqueNonUniqueForm'] })
          }
        >
          <option value="" />
          <option value="U">U</option>
          <option value="N">NU</option>
        </select>
      )}
    </div>
  );
});

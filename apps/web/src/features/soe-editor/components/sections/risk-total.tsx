import Chip from '@mui/material/Chip';
import { riskScoreColour, type RiskColour, type SoeRiskAssessment } from '@predict/shared';

/** The words beside the total's colour, so the level is not told by colour alone. */
export const RISK_LEVEL_LABELS: Record<RiskColour, string> = {
  green: 'Low',
  yellow: 'Moderate',
  red: 'High',
};

const CHIP_COLOUR = { green: 'success', yellow: 'warning', red: 'error' } as const;
// The theme's warning is orange; the spec says yellow, so that one chip gets a yellow with dark text (contrast).
const YELLOW = { bgcolor: '#fdd835', color: 'rgba(0, 0, 0, 0.87)' } as const;

/** Sum of the rows' scores (an empty score counts 0), rounded to 1 decimal. */
export function riskTotal(rows: Pick<SoeRiskAssessment, 'riskAssessmentRiskScore'>[]): number {
  return Math.round(rows.reduce((sum, r) => sum + (r.riskAssessmentRiskScore ?? 0), 0) * 10) / 10;
}

/** The Initial Risk Score: the total, coloured green / yellow (above 18) / red (above 26), and its level in words. */
export function RiskTotal({ total }: { total: number }) {
  const colour = riskScoreColour(total);
  return (
    <Chip
      role="status"
      color={CHIP_COLOUR[colour]}
      data-risk-colour={colour}
      sx={colour === 'yellow' ? YELLOW : undefined}
      label={`Initial Risk Score: ${total.toFixed(1)} (${RISK_LEVEL_LABELS[colour]})`}
    />
  );
}

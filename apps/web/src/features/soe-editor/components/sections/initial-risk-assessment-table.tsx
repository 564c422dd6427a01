import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { SOE_LIMITS, SOE_MESSAGES, type SoeRiskAssessment } from '@predict/shared';
import { RiskScoreInput } from './risk-score-input';
import { RiskTotal, riskTotal } from './risk-total';
import { SoeSection } from './soe-section';

export interface SoeRiskChange {
  /** '' is sent as null. */
  riskAssessmentStudySpecifics?: string | null;
  /** Null when the score is emptied or its text is invalid. */
  riskAssessmentRiskScore?: number | null;
}

export interface InitialRiskAssessmentTableProps {
  rows: SoeRiskAssessment[];
  /**
   * A score from 0 to 3.0 in steps of 0.1, null while its text is empty or invalid (the field shows the message);
   * specifics as typed (the input stops at 500).
   */
  onChange: (riskId: number, change: SoeRiskChange) => void;
  /** Told when a row's score text turns invalid, and valid again (the editor can hold Save meanwhile). */
  onValidityChange?: (riskId: number, valid: boolean) => void;
  readOnly?: boolean;
  /** The section's open state (controlled when given); its id is 'initial-risk-assessment'. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** The Initial Risk Assessment table (spec/2 sections 2, 4, 5): guidance per category, specifics, scores, total. */
export function InitialRiskAssessmentTable({
  rows,
  onChange,
  onValidityChange,
  readOnly = false,
  open,
  onOpenChange,
}: InitialRiskAssessmentTableProps) {
  const total = riskTotal(rows);
  return (
    <SoeSection
      id="initial-risk-assessment"
      title="Initial Risk Assessment"
      open={open}
      onOpenChange={onOpenChange}
      summary={<RiskTotal total={total} />}
    >
      <TableContainer>
        <Table size="small" aria-label="Initial Risk Assessment">
          <TableHead>
            <TableRow>
              <TableCell>Category</TableCell>
              <TableCell>Low</TableCell>
              <TableCell>Moderate</TableCell>
              <TableCell>High</TableCell>
              <TableCell sx={{ width: '30%' }}>Study Specifics</TableCell>
              <TableCell>Risk Score</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <RiskRow
                key={row.scheduleOfEventsRiskAssessmentId}
                row={row}
                readOnly={readOnly}
                onChange={onChange}
                onValidityChange={onValidityChange}
              />
            ))}
            <TableRow>
              <TableCell
                component="th"
                scope="row"
                colSpan={5}
                sx={{ fontWeight: 'bold', textAlign: 'right' }}
              >
                Initial Risk Score
              </TableCell>
              <TableCell sx={{ fontWeight: 'bold' }}>{total.toFixed(1)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </SoeSection>
  );
}

/** One category: its guidance per level, the study's specifics (500 characters at most) and its score. */
function RiskRow({
  row,
  readOnly,
  onChange,
  onValidityChange,
}: Pick<InitialRiskAssessmentTableProps, 'onChange' | 'onValidityChange'> & {
  row: SoeRiskAssessment;
  readOnly: boolean;
}) {
  const id = row.scheduleOfEventsRiskAssessmentId;
  const specifics = row.riskAssessmentStudySpecifics ?? '';
  const tooLong = specifics.length > SOE_LIMITS.riskSpecificsMax;
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {row.riskAssessmentCategory}
      </TableCell>
      <TableCell>{row.riskAssessmentLow}</TableCell>
      <TableCell>{row.riskAssessmentModerate}</TableCell>
      <TableCell>{row.riskAssessmentHigh}</TableCell>
      <TableCell>
        <TextField
          value={specifics}
          onChange={(e) =>
            onChange(id, {
              riskAssessmentStudySpecifics: e.target.value === '' ? null : e.target.value,
            })
          }
          disabled={readOnly}
          multiline
          minRows={1}
          maxRows={4}
          fullWidth
          size="small"
          error={tooLong}
          helperText={tooLong ? SOE_MESSAGES.riskSpecificsTooLong : undefined}
          slotProps={{
            htmlInput: {
              'aria-label': `Study specifics: ${row.riskAssessmentCategory}`,
              maxLength: SOE_LIMITS.riskSpecificsMax,
            },
          }}
        />
      </TableCell>
      <TableCell>
        <RiskScoreInput
          value={row.riskAssessmentRiskScore}
          label={`Risk score: ${row.riskAssessmentCategory}`}
          readOnly={readOnly}
          onChange={(score) => onChange(id, { riskAssessmentRiskScore: score })}
          onValidityChange={onValidityChange && ((valid) => onValidityChange(id, valid))}
        />
      </TableCell>
    </TableRow>
  );
}

import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { CtisChoice, CtisPlanRow } from '@predict/shared';
import { DateField } from '@/components/date-field';
import { dayToNoonUtcMillis, millisToDay } from '@/features/plan-shell';
import { formatPlanDate } from '@/lib/format';
import { latestIncludedDate } from '../utils/ctis-choice';

export interface CtisFormProps {
  rows: CtisPlanRow[];
  included: ReadonlyMap<number, boolean>;
  onIncludedChange: (siteGroupId: number, included: boolean) => void;
  choice: CtisChoice;
  onChoiceChange: (choice: CtisChoice) => void;
  newDate: number | null;
  onNewDateChange: (millis: number | null) => void;
  disabled: boolean;
}

/** The rows (include / exclude with their dates) and the one submission-date choice for the included groups. */
export function CtisForm(props: CtisFormProps) {
  const { rows, included, choice, newDate, disabled } = props;
  const latest = latestIncludedDate(rows, included);
  return (
    <Stack spacing={2}>
      <Table size="small" aria-label="CTIS site groups">
        <TableHead>
          <TableRow>
            <TableCell>Country</TableCell>
            <TableCell>Site Group</TableCell>
            <TableCell>Include</TableCell>
            <TableCell>User-Provided Submission Date</TableCell>
            <TableCell>Current Submission Date</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.siteGroupId}>
              <TableCell>{r.countryCodeISO3}</TableCell>
              <TableCell>{r.siteGroupName}</TableCell>
              <TableCell>
                <FormControlLabel
                  control={
                    <Switch
                      checked={included.get(r.siteGroupId) ?? false}
                      onChange={(e) => props.onIncludedChange(r.siteGroupId, e.target.checked)}
                      disabled={disabled}
                      slotProps={{ input: { 'aria-label': `Include ${r.siteGroupName}` } }}
                    />
                  }
                  label={included.get(r.siteGroupId) ? 'Include' : 'Exclude'}
                />
              </TableCell>
              <TableCell>{formatPlanDate(r.regSubmissionDateUserProvided)}</TableCell>
              <TableCell>{formatPlanDate(r.regSubmissionDate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <FormControl disabled={disabled}>
        <FormLabel id="ctis-choice-label">Registration submission date of the included site groups</FormLabel>
        <RadioGroup
          aria-labelledby="ctis-choice-label"
          value={choice}
          onChange={(e) => props.onChoiceChange(e.target.value as CtisChoice)}
        >
          <FormControlLabel value="keep" control={<Radio />} label="Keep User-Provided Dates" />
          <FormControlLabel
            value="useLatest"
            control={<Radio />}
            label={`Use Latest Submission Date (${formatPlanDate(latest)})`}
          />
          <FormControlLabel value="enterNew" control={<Radio />} label="Enter New Date" />
          <FormControlLabel value="reset" control={<Radio />} label="Reset Submission Dates" />
        </RadioGroup>
      </FormControl>
      {choice === 'enterNew' && (
        <DateField
          label="New Submission Date"
          value={millisToDay(newDate)}
          onChange={(day) => props.onNewDateChange(dayToNoonUtcMillis(day))}
          disabled={disabled}
          required
          sx={{ maxWidth: 240 }}
        />
      )}
    </Stack>
  );
}

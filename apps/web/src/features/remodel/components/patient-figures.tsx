import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RemodelFormData, RemodelTriple } from '@predict/shared';
import { formatCount, formatDecimal } from '@/lib/format';
import type { RemodelForm } from '../hooks/use-remodel-form';
import type { FigureKey } from '../utils/remodel-values';

const FIGURES: {
  key: FigureKey;
  label: string;
  planned: keyof RemodelFormData;
  actual: keyof RemodelFormData;
}[] = [
  {
    key: 'screenPatientsReModel',
    label: 'Screened',
    planned: 'screenPatientsPlanned',
    actual: 'screenPatientsActual',
  },
  {
    key: 'enrollPatientsReModel',
    label: 'Enrolled',
    planned: 'enrollPatientsPlanned',
    actual: 'enrollPatientsActual',
  },
  {
    key: 'completePatientsReModel',
    label: 'Completed',
    planned: 'completePatientsPlanned',
    actual: 'completePatientsActual',
  },
];

const cell = { py: 0.5 } as const;

/** A table's header: the row label's column, then right-aligned number columns, then an optional input column. */
function HeaderRow({ first, numbers, last }: { first: string; numbers: readonly string[]; last?: string }) {
  return (
    <TableHead>
      <TableRow>
        <TableCell sx={cell}>{first}</TableCell>
        {numbers.map((name) => (
          <TableCell key={name} sx={cell} align="right">
            {name}
          </TableCell>
        ))}
        {last && <TableCell sx={cell}>{last}</TableCell>}
      </TableRow>
    </TableHead>
  );
}

/** Patient figures (planned, so far, re-model) and the four rates (planned, actual, impact, re-model). */
export function PatientFigures({ data, form }: { data: RemodelFormData; form: RemodelForm }) {
  const rates: { label: string; triple: RemodelTriple; remodel?: number | null }[] = [
    { label: 'Enroll Rate', triple: data.enrollPatientsRate, remodel: form.values.remodelEnrollRate },
    { label: 'Complete Rate', triple: data.completePatientsRate, remodel: form.values.remodelCompleteRate },
    { label: 'Screen Fail Rate', triple: data.screenFailRate },
    { label: 'Drop Out Rate', triple: data.dropOutRate },
  ];
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Patients
      </Typography>
      <Table size="small" aria-label="Patient figures" sx={{ maxWidth: 640 }}>
        <HeaderRow first="Patients" numbers={['Planned', 'Actual']} last="Re-model" />
        <TableBody>
          {FIGURES.map((f) => {
            const error = form.errorOf(f.key);
            return (
              <TableRow key={f.key}>
                <TableCell sx={cell} component="th" scope="row">
                  {f.label}
                </TableCell>
                <TableCell sx={cell} align="right">
                  {formatCount(data[f.planned] as number)}
                </TableCell>
                <TableCell sx={cell} align="right">
                  {formatCount(data[f.actual] as number)}
                </TableCell>
                <TableCell sx={cell}>
                  <TextField
                    size="small"
                    value={form.values[f.key]}
                    onChange={(e) => form.setFigure(f.key, e.target.value)}
                    onBlur={() => form.touch(f.key)}
                    error={Boolean(error)}
                    helperText={error}
                    required
                    slotProps={{ htmlInput: { 'aria-label': `${f.label} Re-model`, inputMode: 'numeric' } }}
                    sx={{ width: 160 }}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Table size="small" aria-label="Rates" sx={{ maxWidth: 640 }}>
        <HeaderRow first="Rate" numbers={['Planned', 'Actual', 'Impact', 'Re-model']} />
        <TableBody>
          {rates.map((r) => (
            <TableRow key={r.label}>
              <TableCell sx={cell} component="th" scope="row">
                {r.label}
              </TableCell>
              <TableCell sx={cell} align="right">
                {formatDecimal(r.triple.planned, 2)}
              </TableCell>
              <TableCell sx={cell} align="right">
                {formatDecimal(r.triple.actual, 2)}
              </TableCell>
              <TableCell sx={cell} align="right">
                {formatDecimal(r.triple.impact, 2)}
              </TableCell>
              <TableCell sx={cell} align="right">
                {r.remodel === undefined ? '' : formatDecimal(r.remodel, 2)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

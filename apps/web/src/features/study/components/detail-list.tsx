import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DetailField } from '../utils/study-detail-fields';

/** Label/value pairs as a description list; `columns` 2 lays them out in two columns on wide screens. */
export function DetailList({ fields, columns = 1 }: { fields: DetailField[]; columns?: 1 | 2 }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: columns === 2 ? '1fr 1fr' : '1fr' },
        columnGap: 3,
        rowGap: 1.5,
      }}
    >
      {fields.map((field) => (
        <Box key={field.label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {field.label}
          </Typography>
          {field.lines.map((line, i) => (
            <Typography key={i} component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {line}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}

import { memo } from 'react';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { SOE_COMMENT_TYPES, type SoeCommentType } from '@predict/shared';

/** The field-type switch (spec/2 section 2): which comments (and extra columns) the tables show. */
export const FieldTypeSwitch = memo(function FieldTypeSwitch({
  value,
  onChange,
}: {
  value: SoeCommentType;
  onChange: (v: SoeCommentType) => void;
}) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      aria-label="Field type"
      onChange={(_, v: SoeCommentType | null) => v && onChange(v)}
    >
      {SOE_COMMENT_TYPES.map((t) => (
        <ToggleButton key={t.code} value={t.code}>
          {t.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
});

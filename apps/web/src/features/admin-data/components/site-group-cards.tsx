import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import type { SiteGroupDayField } from '@predict/shared';
import type { SiteGroupFormState } from '../hooks/use-site-group-form';
import { CardSection } from './card-section';
import { DayInput } from './day-input';

const CARDS: { title: string; tooltip?: string; fields: [SiteGroupDayField, string][] }[] = [
  {
    title: 'Time for Site ID (days)',
    tooltip: 'Small 1-2 sites, Medium 3-10, Large 10+',
    fields: [
      ['timeSiteIdSmallDays', 'Small'],
      ['timeSiteIdMediumDays', 'Medium'],
      ['timeSiteIdLargeDays', 'Large'],
    ],
  },
  {
    title: 'Country Start Up Time Frame (days)',
    fields: [
      ['timeCountryStartUpSuperShortDays', 'Super Short'],
      ['timeCountryStartUpShortDays', 'Short'],
      ['timeCountryStartUpMediumDays', 'Medium'],
      ['timeCountryStartUpLongDays', 'Long'],
    ],
  },
  { title: 'Package Prep (days)', fields: [['packagePrepDays', 'Package Prep']] },
];

const LATER_CARDS: { title: string; field: SiteGroupDayField; label: string }[] = [
  {
    title: 'Time from Site Start-Up Activities Complete to FSA (days)',
    field: 'timeSIVDays',
    label: 'Days to FSA',
  },
  {
    title: 'Time from First Activation to FPS (days)',
    field: 'timeFirstPatientScreenDays',
    label: 'Days to FPS',
  },
];

/** The day-count cards of spec/3 "Admin site group", in the screen's order. */
export function SiteGroupCards({ state }: { state: SiteGroupFormState }) {
  const { form, editing, errors } = state;
  const day = (field: SiteGroupDayField, label: string, disabled = false) => (
    <DayInput
      key={field}
      field={field}
      label={label}
      value={form.days[field]}
      readOnly={!editing}
      disabled={disabled}
      error={errors[field]}
      onDayChange={state.actions.setDay}
    />
  );
  return (
    <>
      {CARDS.map((card) => (
        <CardSection key={card.title} title={card.title} tooltip={card.tooltip}>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {card.fields.map(([field, label]) => day(field, label))}
          </Stack>
        </CardSection>
      ))}
      <CardSection title="Rolling Submission">
        <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <RadioGroup
            row
            aria-label="Rolling Submission"
            value={String(form.isRollingSubmission)}
            onChange={(e) => state.actions.setRolling(e.target.value === '1' ? 1 : 0)}
          >
            <FormControlLabel value="1" control={<Radio />} label="Yes" disabled={!editing} />
            <FormControlLabel value="0" control={<Radio />} label="No" disabled={!editing} />
          </RadioGroup>
          {/* Editable only with rolling submission (spec/3 section 4). */}
          {day('firstSiteIdDays', 'Days to First Site ID', editing && form.isRollingSubmission === 0)}
        </Stack>
      </CardSection>
      {LATER_CARDS.map((card) => (
        <CardSection key={card.title} title={card.title}>
          {day(card.field, card.label)}
        </CardSection>
      ))}
    </>
  );
}

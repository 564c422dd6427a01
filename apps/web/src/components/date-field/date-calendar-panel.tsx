import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import { ISO_DAY_FORMAT } from '@/lib/format';

export interface DateCalendarPanelProps {
  /** ISO day (YYYY-MM-DD) or ''. */
  value: string;
  min?: string;
  max?: string;
  onPick: (day: string) => void;
}

/**
 * The calendar of a DateField's popover. It is loaded only when a calendar is opened, so the pickers library
 * stays out of the pages' first bundle; arrow keys move between days, Enter picks, Escape closes the popover.
 */
export function DateCalendarPanel({ value, min, max, onPick }: DateCalendarPanelProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DateCalendar
        value={value ? dayjs(value) : null}
        minDate={min ? dayjs(min) : undefined}
        maxDate={max ? dayjs(max) : undefined}
        views={['year', 'month', 'day']}
        openTo="day"
        autoFocus
        onChange={(day, selection) => {
          // Choosing a year or month only moves the calendar; a day finishes the choice.
          if (selection === 'finish' && day?.isValid()) onPick(day.format(ISO_DAY_FORMAT));
        }}
      />
    </LocalizationProvider>
  );
}

export { DateField, DATE_FORMAT_HINT, SLASH_DATE_FORMAT_HINT, type DateFieldProps } from './date-field';

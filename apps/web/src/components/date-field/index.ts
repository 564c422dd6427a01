export { DateField, DATE_FORMAT_HINT, type DateFieldProps } from './date-field';

export * from './constants';
export * from './messages';
// The numeric input rule of spec/1 section 5 lives with the engine's input rules.
export { checkNumber, isEmptyInput, parseNumeric, type NumberRule, type NumericInput } from '@predict/engine';
export * from './plan-form-values';
export * from './step1-fields';
export * from './close-out-fields';
export * from './name-rules';
export * from './validate-plan-form';
export * from './lifecycle-rules';
export * from './plan-children-schemas';
export * from './plan-schemas';
export * from './row-version-schema';
export * from './step1-schema';
export * from './lifecycle-schemas';

export * from './calibration-fit-schemas';

export { CalibrationFitPanel } from './components/calibration-fit-panel';

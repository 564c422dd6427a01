export { ForecastCalibrationScreen } from './components/forecast-calibration-screen';

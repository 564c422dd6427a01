export { SoeForecastPage } from './components/soe-forecast-page';

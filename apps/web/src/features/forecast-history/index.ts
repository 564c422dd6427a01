export { ForecastHistoryPage } from './components/forecast-history-page';

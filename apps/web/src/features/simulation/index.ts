export { SimulationPage } from './components/simulation-page';

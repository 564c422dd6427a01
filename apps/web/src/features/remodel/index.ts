export { RemodelScreen } from './components/remodel-screen';

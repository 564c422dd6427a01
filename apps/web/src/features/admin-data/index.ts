export { AdminDataScreen } from './components/admin-data-screen';

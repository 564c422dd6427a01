export { UserProfile } from './components/user-profile';

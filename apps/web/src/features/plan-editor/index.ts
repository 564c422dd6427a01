export { Step1Editor } from './components/step1-editor';

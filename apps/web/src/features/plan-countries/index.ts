export { Step2Editor } from './components/step2-editor';

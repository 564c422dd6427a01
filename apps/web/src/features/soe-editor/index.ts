export { SoeEditorScreen } from './components/soe-editor-screen';

import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#0b5394' },
    secondary: { main: '#8fd3ff' },
    background: { default: '#f4f6f8' },
  },
  typography: {
    // System fonts: no font download (the server's CSP allows only same-origin resources).
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
});

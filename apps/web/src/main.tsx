// Entry point: mounts the app into #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { clearErrorsOnSuccess } from '@/lib/clear-errors-on-success';
import { startNativeShell } from '@/platform/native-shell';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// On a device: Android's back button and the starting status bar colour; nothing in a browser.
startNativeShell();
// Before any screen can toast: a success clears the error toasts it makes stale.
clearErrorsOnSuccess();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import { createRoot } from 'react-dom/client';
import { DesktopApp } from './DesktopApp.js';
import './desktop.css';

createRoot(document.getElementById('root')!).render(<DesktopApp bridge={window.redaktionDesktop} />);

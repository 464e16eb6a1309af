// The staff console's entry (admin.html): a desktop app apart from the customer's, never
// loaded by a customer page (eslint.config.js keeps src/ from importing it).
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app';
import { RootStore } from './stores/root-store';
import './admin.css';

const root = document.getElementById('root');
if (root) createRoot(root).render(<AdminApp store={new RootStore()} />);

export { Button } from './components/Button';

import { Link } from 'react-router';
import { PlainLayout } from '../../app/AppShell';

export function NotFoundScreen() {
  return (
    <PlainLayout>
      <div className="screen" style={{ textAlign: 'center', paddingTop: 'var(--space-6)' }}>
        <h1>Page not found</h1>
        <p className="muted">There is nothing at this address.</p>
        <Link to="/" className="btn btn-primary">
          Go home
        </Link>
      </div>
    </PlainLayout>
  );
}

import { Component, Suspense, lazy, type ErrorInfo, type ReactNode } from 'react';

// Only needed when something has crashed: kept out of the initial bundle.
const ErrorFallback = lazy(() => import('./ErrorFallback').then((module) => ({ default: module.ErrorFallback })));

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Defaults to <ErrorFallback />. */
  fallback?: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches render errors below it. Give it a `key` (e.g. the path) to reset on navigation. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Screen crashed', error, info.componentStack);
  }

  override render() {
    if (this.state.error)
      return (
        this.props.fallback ?? (
          <Suspense fallback={null}>
            <ErrorFallback />
          </Suspense>
        )
      );
    return this.props.children;
  }
}

import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../routing';
import { parsePackageReviewView, serializePackageReviewView, type PackageReviewView } from './reviewListView';

/** The review list's view lives in the query string: reload, links and the back button keep it. */
export const usePackageReviewView = () => {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parsePackageReviewView(params), [params]);
  const setView = useCallback(
    (next: PackageReviewView, options?: { replace?: boolean }) => setParams(serializePackageReviewView(next), options),
    [setParams],
  );
  return { view, setView };
};

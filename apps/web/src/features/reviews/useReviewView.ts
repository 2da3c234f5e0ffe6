import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../routing';
import { parseReviewView, serializeReviewView, type ReviewListView } from './reviewQuery';

/** The review list's view lives in the query string: reload, links and the back button keep it. */
export const useReviewView = () => {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseReviewView(params), [params]);
  const setView = useCallback((next: ReviewListView) => setParams(serializeReviewView(next)), [setParams]);
  return { view, setView };
};

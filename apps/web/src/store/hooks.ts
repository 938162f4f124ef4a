import { useDispatch, useSelector } from 'react-redux';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';

/** Dispatches plain actions: the sagas do the work, so the store takes no thunks. */
export const useAppDispatch = useDispatch.withTypes<Dispatch<UnknownAction>>();

/**
 * Reads the store through a selector that types the state it reads (each slice's selectors take
 * `WithSlice<typeof slice>`), so this layer knows no slice and the core no feature.
 */
export const useAppSelector: <State, Selected>(selector: (state: State) => Selected) => Selected =
  useSelector;

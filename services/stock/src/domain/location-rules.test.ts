import { locationRefusal, type LocationState } from './location-rules';

const open: LocationState = { id: 'l1', name: 'Van 1', active: true, deleted: false, closed: false };

describe('locationRefusal', () => {
  it('when the location is unknown or deleted, then nothing may move there', () => {
    expect(locationRefusal(undefined, 'x', { addsStock: false, requireActive: false })).toContain('does not exist');
    expect(locationRefusal({ ...open, deleted: true }, 'l1', { addsStock: false, requireActive: false })).toContain('deleted');
  });

  it('when the location is closed, then stock may leave but not arrive', () => {
    const closed = { ...open, closed: true };
    expect(locationRefusal(closed, 'l1', { addsStock: false, requireActive: false })).toBeUndefined();
    expect(locationRefusal(closed, 'l1', { addsStock: true, requireActive: false })).toContain('closed');
  });

  it('when the location is inactive, then it may be drained by a movement but not filled, nor used by a transfer', () => {
    const inactive = { ...open, active: false };
    expect(locationRefusal(inactive, 'l1', { addsStock: false, requireActive: false })).toBeUndefined();
    expect(locationRefusal(inactive, 'l1', { addsStock: true, requireActive: false })).toContain('inactive');
    expect(locationRefusal(inactive, 'l1', { addsStock: false, requireActive: true })).toContain('inactive');
  });
});

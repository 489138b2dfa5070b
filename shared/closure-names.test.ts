import { CLOSURE_NAMES, isDefaultClosureName } from './closure-names';
import { MESSAGES } from './messages';

describe('the names the server gives nights closed without a note', () => {
  it('are the messages the server writes (portfolio.blockName, portfolio.ownerStayName)', () => {
    expect(MESSAGES['portfolio.blockName']).toEqual(CLOSURE_NAMES.block);
    expect(MESSAGES['portfolio.ownerStayName']).toEqual(CLOSURE_NAMES.owner);
  });

  it('are told from a given name in any of the three languages, whatever the case and spaces', () => {
    for (const name of ['Owner stay', 'Estadia do proprietário', 'Estancia del propietario', '  owner STAY ']) expect(isDefaultClosureName('owner', name)).toBe(true);
    for (const name of ['Blocked', 'Bloqueado', 'bloqueado ']) expect(isDefaultClosureName('block', name)).toBe(true);
    for (const name of ['Owner stay of Olga', 'Olga', 'Blocked']) expect(isDefaultClosureName('owner', name)).toBe(false);
    for (const name of ['Boiler repair', 'Airbnb (Not available)', 'Owner stay']) expect(isDefaultClosureName('block', name)).toBe(false);
  });
});

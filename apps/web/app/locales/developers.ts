import { addNamespace } from '~/lib/i18n';
import en from './en/developers.json';
import ru from './ru/developers.json';

addNamespace('developers', { en, ru });

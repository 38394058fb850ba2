import { addNamespace } from '~/lib/i18n';
import en from './en/landing.json';
import ru from './ru/landing.json';

addNamespace('landing', { en, ru });

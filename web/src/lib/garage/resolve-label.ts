/**
 * A vehicle's name for the garage (docs/architecture.md "Vehicle fitment"), for a vehicle that came by URL (`?v=`): loaded lazily
 * by lib/garage/use-vehicle.ts.
 */
import { getJson, isNotFound, withQuery } from '../api-client';
import type { Language } from '../language';
import { garage } from './store';

/**
 * Asks the api for vehicle `id`'s name (a generation's label, or '{Make} {Model} {year}' for a model year, as the
 * listing's answer names it) and records it in the garage; a 404 (no such make or model) removes the vehicle.
 * Silent: a failure shows nothing (the name stays the URL form).
 */
export async function resolveVehicleLabel(id: string, lang: Language): Promise<void> {
  const [make, model, rest] = id.split('.');
  try {
    const { body } = await getJson<{ data?: { make: { name: string }; model: { name: string }; generations: { id: string; label: string }[] } }>(
      withQuery(`/v1/vehicles/makes/${make}/models/${model}`, { lang }),
      { silent: true },
    );
    const data = body.data;
    if (!data) return;
    const generation = data.generations.find((g) => g.id === id);
    if (generation) garage.setLabel(id, generation.label);
    else if (/^\d{4}$/.test(rest ?? '')) garage.setLabel(id, `${data.make.name} ${data.model.name} ${rest}`);
  } catch (error) {
    if (isNotFound(error)) garage.remove(id);
  }
}


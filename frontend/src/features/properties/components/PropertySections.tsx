import Box from '@mui/material/Box';
import ChecklistRoundedIcon from '#icons/ChecklistRounded';
import SyncAltRoundedIcon from '#icons/SyncAltRounded';
import { useTranslation } from 'react-i18next';
import type { Property, Reservation } from '#shared/schemas';
import { RenderInSteps } from '../../../components/ui/RenderInSteps';
// iCal feeds, the default checklist and the turnover switch are the reservations feature's screens;
// the property page puts them in its sections.
import { AutoTurnoverSetting } from '../../reservations/components/AutoTurnoverSetting';
import { CalendarFeedsSection } from '../../reservations/components/CalendarFeedsSection';
import { ChecklistTemplateEditor } from '../../reservations/components/ChecklistTemplateEditor';
import { CalendarExportSection } from './CalendarExportSection';
import { PropertyDetailsCard } from './PropertyDetailsCard';
import { PropertyOwnerSection } from './PropertyOwnerSection';
import { PropertyReservationsSection } from './PropertyReservationsSection';
import { PropertyTasksSection } from './PropertyTasksSection';
import { SectionCard } from './SectionCard';

export interface PropertySectionsProps {
  property: Property;
  canManage: boolean;
  onOpenReservation: (reservation: Reservation) => void;
}

/**
 * The property page's sections below its calendar: reservations, details, owner, default checklist,
 * tasks and (CEO and managers) iCal feeds and the property's own iCal export. A module of its own, which the page loads after its first
 * screen: the owner, checklist and feed forms bring zod's schemas and react-hook-form, which the
 * page's header and calendar do not need. Each section is drawn a task after the one before.
 */
export default function PropertySections({ property, canManage, onOpenReservation }: PropertySectionsProps) {
  const { t } = useTranslation();
  return (
    <RenderInSteps first={1} step={1}>
      {[
        <PropertyReservationsSection key="reservations" propertyId={property.id} canManage={canManage} onOpenReservation={onOpenReservation} />,
        <Box
          key="sections"
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
            <RenderInSteps first={1} step={1}>
              {[
                <PropertyDetailsCard key="details" property={property} />,
                canManage && <PropertyOwnerSection key="owner" property={property} />,
                <SectionCard key="checklist" id="checklist" title={t('properties.detail.checklistTitle')} icon={<ChecklistRoundedIcon fontSize="small" />}>
                  <AutoTurnoverSetting inline />
                  <ChecklistTemplateEditor propertyId={property.id} canEdit={canManage} />
                </SectionCard>,
              ]}
            </RenderInSteps>
          </Box>
          <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
            <RenderInSteps first={1} step={1}>
              {[
                <PropertyTasksSection key="tasks" propertyId={property.id} />,
                canManage && (
                  <SectionCard key="feeds" id="feeds" title={t('properties.detail.feedsTitle')} icon={<SyncAltRoundedIcon fontSize="small" />}>
                    <CalendarFeedsSection propertyId={property.id} />
                  </SectionCard>
                ),
                canManage && <CalendarExportSection key="calendar-export" property={property} />,
              ]}
            </RenderInSteps>
          </Box>
        </Box>,
      ]}
    </RenderInSteps>
  );
}

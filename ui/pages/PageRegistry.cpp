#include "pages/PageRegistry.h"

#include <algorithm>

#include "pages/GranularPage.h"
#include "pages/ImpactScenePage.h"
#include "pages/PlusScenePage.h"
#include "pages/SimulationPage.h"
#include "pages/TossPage.h"
#include "pages/VehiclePage.h"

namespace impactlab::ui {

const std::vector<PageType>& getPageTypes() {
    static const std::vector<PageType> types = {
        {"simulation", {SceneKind::Spatial, SceneKind::Planar}, [] { return new SimulationPage; }},
        {"vehicles", {SceneKind::Vehicles}, [] { return new VehiclePage; }},
        {"impact", {SceneKind::Impact}, [] { return new ImpactScenePage; }},
        {"plus", {SceneKind::Plus}, [] { return new PlusScenePage; }},
        {"granular", {SceneKind::Granular}, [] { return new GranularPage; }},
        {"tosses", {SceneKind::Tosses}, [] { return new TossPage; }},
    };
    return types;
}

const PageType* findPageType(SceneKind kind) {
    for (const PageType& t : getPageTypes())
        if (std::find(t.kinds.begin(), t.kinds.end(), kind) != t.kinds.end()) return &t;
    return nullptr;
}

}  // namespace impactlab::ui

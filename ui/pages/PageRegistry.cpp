#include "pages/PageRegistry.h"

#include <algorithm>

#include "pages/GranularPage.h"
#include "pages/ImpactScenePage.h"
#include "pages/PlusScenePage.h"
#include "pages/SimulationPage.h"
#include "pages/VehiclePage.h"

namespace impactlab::ui {

const std::vector<PageType>& getPageTypes() {
    static const std::vector<PageType> types = {
        {"simulation", {SceneDocumentKind::Spatial, SceneDocumentKind::Planar}, [] { return new SimulationPage; }},
        {"vehicles", {SceneDocumentKind::Vehicles}, [] { return new VehiclePage; }},
        {"impact", {SceneDocumentKind::Impact}, [] { return new ImpactScenePage; }},
        {"plus", {SceneDocumentKind::Plus}, [] { return new PlusScenePage; }},
        {"granular", {SceneDocumentKind::Granular}, [] { return new GranularPage; }},
    };
    return types;
}

const PageType* findPageType(SceneDocumentKind kind) {
    for (const PageType& t : getPageTypes())
        if (std::find(t.kinds.begin(), t.kinds.end(), kind) != t.kinds.end()) return &t;
    return nullptr;
}

}  // namespace impactlab::ui

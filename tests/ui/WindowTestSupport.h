#pragma once
// Reaching the pages of a MainWindow from the rendering tests: the window
// knows pages only as ScenePage; tests look at the page class they opened.
#include <gtest/gtest.h>

#include "MainWindow.h"
#include "pages/ImpactScenePage.h"
#include "pages/PlusScenePage.h"
#include "pages/SimulationPage.h"
#include "pages/VehiclePage.h"

namespace impactlab::ui::test {

// The open simulation (or vehicle) page; fails the test when another kind is open.
inline SimulationPage& sim(const MainWindow& w) {
    SimulationPage* page = w.page<SimulationPage>();
    if (!page) ADD_FAILURE() << "no simulation page is open";
    return *page;
}

}  // namespace impactlab::ui::test

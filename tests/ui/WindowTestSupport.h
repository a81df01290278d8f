#pragma once
// Reaching the pages of a MainWindow from the rendering tests: the window
// knows pages only as ScenePage; tests look at the page class they opened.
#include <QApplication>
#include <QTest>
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

// Shows the window at 1280x800 and makes it the active one: window shortcuts
// (Ctrl+Z) fire only in the active window. False when it never became active.
inline bool showActive(MainWindow& w) {
    w.resize(1280, 800);
    w.show();
    w.activateWindow();
    const bool active = QTest::qWaitForWindowActive(&w);
    QApplication::processEvents();
    return active;
}

}  // namespace impactlab::ui::test

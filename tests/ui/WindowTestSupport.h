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

// Opens a scene file in `w` and lets its first run's results reach the views;
// a failure to open fails the test with the window's message.
inline bool openAndSettle(MainWindow& w, const QString& path) {
    QString error;
    const bool ok = w.openScene(path, &error);
    EXPECT_TRUE(ok) << error.toStdString();
    if (ok) w.currentPage()->flushPendingEdits();
    QApplication::processEvents();
    return ok;
}

}  // namespace impactlab::ui::test

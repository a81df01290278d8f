#pragma once
// Which page shows which kind of scene document: the one place a kind of
// scene meets the window. The kinds are the core's (SceneKind, described
// once in core/sim/SceneKinds.h); adding a kind is its descriptor there, a
// page class and one entry in getPageTypes(), and
// tests/ui/test_page_registry.cpp fails on a kind of the core's table that no
// page shows. MainWindow creates pages from this table on first use and never
// branches on kinds.
#include <QString>
#include <functional>
#include <vector>

#include "scene/SceneDocument.h"

namespace impactlab::ui {

class ScenePage;

struct PageType {
    QString id;                                  // "simulation", "impact", ...
    std::vector<SceneKind> kinds;        // the documents it shows
    std::function<ScenePage*()> make;
};

const std::vector<PageType>& getPageTypes();
// The page type of `kind`; nullptr for a kind no page shows yet.
const PageType* findPageType(SceneKind kind);

}  // namespace impactlab::ui
